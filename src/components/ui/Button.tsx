import type { ButtonHTMLAttributes, Ref } from 'react';

/**
 * The site's one button: public forms, the administration and links styled as buttons
 * (`buttonClass`) share its variants, sizes, focus ring and busy state. In a narrow card (an
 * `@container` under 16rem: a phone with text at 200 %) a long word may wrap inside the button
 * rather than overflow; elsewhere (tables) a button keeps its words whole.
 */
const VARIANTS = {
  primary: 'bg-brand-700 text-white hover:bg-brand-900',
  secondary: 'border border-gray-300 bg-white text-gray-800 hover:bg-gray-50',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  dangerOutline: 'border border-red-300 bg-white text-red-800 hover:bg-red-50',
  /** WhatsApp's green (links to wa.me). */
  whatsapp: 'bg-green-700 text-white hover:bg-green-800',
  /** The Night Party's yellow. */
  accent: 'bg-yellow-400 font-bold text-gray-950 hover:bg-yellow-300',
} as const;

const SIZES = {
  md: 'px-4 py-2 text-sm',
  /** A table row's actions where the row must stay short (the participants list, issue 40). */
  sm: 'px-2 py-1 text-sm',
  /** Public forms: a thumb-sized target, full width on a phone. */
  lg: 'min-h-11 w-full px-6 py-3 text-base sm:w-auto',
  /** The same, full width on every screen (a form's only action). */
  block: 'min-h-11 w-full px-6 py-3 text-base',
} as const;

type ButtonVariant = keyof typeof VARIANTS;
type ButtonSize = keyof typeof SIZES;

type Look = { variant?: ButtonVariant; size?: ButtonSize };

export const buttonClass = ({ variant = 'primary', size = 'md' }: Look = {}) =>
  `inline-flex max-w-full items-center justify-center gap-2 rounded-lg font-semibold @max-3xs:wrap-anywhere focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--focus-ring) aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${SIZES[size]} ${VARIANTS[variant]}`;

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  Look & {
    ref?: Ref<HTMLButtonElement>;
    /**
     * While true the button reads `busyLabel` and ignores clicks and Enter (a double tap sends
     * once). It stays focusable (aria-disabled, not disabled): a disabled button drops the
     * keyboard focus to <body>.
     */
    busy?: boolean;
    /**
     * Unavailable (nothing to save, already the current status, nothing to export): announced as
     * such and clicks ignored, but focusable like `busy`, for the same reason: a button that
     * becomes unavailable because its own action succeeded keeps the focus.
     */
    disabled?: boolean;
    busyLabel?: string;
  };

export function Button({
  variant,
  size,
  busy = false,
  busyLabel,
  className,
  disabled = false,
  children,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      aria-disabled={busy || disabled || undefined}
      className={`${buttonClass({ variant, size })}${busy ? ' cursor-wait opacity-60' : ''}${className ? ` ${className}` : ''}`}
      {...rest}
      onClick={(event) => {
        // A busy or unavailable submit button: the click (or Enter in a field) must not submit
        // the form.
        if (busy || disabled) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
