import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { AppLink, isActivePath, NavigationContext } from '@/lib/app-link';

/** The public pages' links without a router (docs/decisions/060-home-page-without-the-router.md). */
describe('AppLink', () => {
  it('follows a plain click in the page; a modified click, another target or no navigation is the browser’s', () => {
    const navigate = vi.fn();
    render(
      <NavigationContext value={{ pathname: '/', navigate }}>
        <AppLink to="/faq">FAQ</AppLink>
        <AppLink to="/contact" target="_blank">
          Contact
        </AppLink>
      </NavigationContext>,
    );
    const faq = screen.getByRole('link', { name: 'FAQ' });
    expect(faq).toHaveAttribute('href', '/faq');
    expect(fireEvent.click(faq)).toBe(false); // default prevented
    expect(navigate).toHaveBeenCalledWith('/faq');
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'])
      expect(fireEvent.click(faq, { [modifier]: true })).toBe(true);
    expect(fireEvent.click(faq, { button: 1 })).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Contact' }))).toBe(true);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('marks a menu’s link of the current page, as react-router’s NavLink did', () => {
    render(
      <NavigationContext value={{ pathname: '/faq/', navigate: () => undefined }}>
        <AppLink to="/" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Accueil
        </AppLink>
        <AppLink to="/faq" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          FAQ
        </AppLink>
        <AppLink to="/contact" className="plain">
          Contact
        </AppLink>
      </NavigationContext>,
    );
    expect(screen.getByRole('link', { name: 'Accueil' })).toHaveClass('off');
    expect(screen.getByRole('link', { name: 'Accueil' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveClass('on');
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Contact' })).not.toHaveAttribute('aria-current');
    expect(isActivePath('/pass/ABC', '/pass', false)).toBe(true);
    expect(isActivePath('/passes', '/pass', false)).toBe(false);
    expect(isActivePath('/inscription', '/inscription?type=solo', true)).toBe(true);
    expect(isActivePath('/faq', '/', false)).toBe(false);
  });
});
