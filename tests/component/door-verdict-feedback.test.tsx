/**
 * Each verdict heard and felt (docs/decisions/043-the-door-fits-the-hand.md): a tone made by the
 * Web Audio API and a vibration, different for admitted, already entered and refused; none
 * while the switch "Son et vibration" is off, kept off on this phone.
 * jsdom has neither Web Audio nor vibration: both are recorded by stand-ins of the browser's.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { TONES, VIBRATIONS } from '@/features/door/verdict-feedback';
import { signInDoorStaffOnTheNight, pass, openDoor, typeCode, verdict } from './support/door';

signInDoorStaffOnTheNight();

/** Every oscillator started, as [wave, first frequency]; every vibration pattern. */
const played: [string, number][][] = [];
const vibrations: number[][] = [];

class RecordingAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  private cue: [string, number][] | null = null;
  resume = async () => undefined;
  createGain() {
    const param = { setValueAtTime() {}, linearRampToValueAtTime() {} };
    return { gain: param, connect: (to: unknown) => to };
  }
  createOscillator() {
    if (!this.cue || this.cue !== played.at(-1)) played.push((this.cue = []));
    const cue = this.cue;
    const osc = {
      type: 'sine',
      frequency: {
        setValueAtTime: (f: number) => cue.push([osc.type, f]),
        linearRampToValueAtTime() {},
      },
      connect: (to: unknown) => to,
      start() {},
      stop() {},
    };
    return osc;
  }
}

beforeAll(() => {
  globalThis.AudioContext = RecordingAudioContext as unknown as typeof AudioContext;
  Object.defineProperty(navigator, 'vibrate', {
    configurable: true,
    value: (pattern: number[]) => vibrations.push(pattern) > 0,
  });
});
afterEach(() => {
  played.length = 0;
  vibrations.length = 0;
});

const tones = (cue: keyof typeof TONES) => TONES[cue].map((t) => [t.wave, t.from]);

describe('sound and vibration of each verdict', () => {
  it('admitted, already entered and refused each have their own tone and vibration', async () => {
    const { pass_code } = await pass('confirmed', 'Awa Ngono');
    const { user } = await openDoor();
    // A new cue after each verdict: a new context would start a new list, so split by verdict.
    const next = async () => {
      await user.click(screen.getByRole('button', { name: 'Scanner le suivant' }));
      played.push([]);
    };
    await typeCode(user, pass_code);
    expect(await verdict()).toHaveTextContent(/^Entrée validée/);
    await next();
    await typeCode(user, pass_code);
    expect(await verdict()).toHaveTextContent(/^Déjà entré/);
    await next();
    await typeCode(user, 'ZZZZZZZZZZ');
    expect(await verdict()).toHaveTextContent(/^Pass inconnu$/);
    await next();
    await typeCode(user, 'ABCDE12345');
    expect(await verdict()).toHaveTextContent(/^Code impossible$/);

    expect(played.filter((cue) => cue.length > 0)).toEqual([
      tones('admitted'),
      tones('already'),
      tones('refused'),
      tones('refused'),
    ]);
    expect(vibrations).toEqual([
      VIBRATIONS.admitted,
      VIBRATIONS.already,
      VIBRATIONS.refused,
      VIBRATIONS.refused,
    ]);
    // Three cues a steward tells apart: not the same pitches, not the same rhythm.
    expect(new Set([tones('admitted'), tones('already'), tones('refused')].map(String)).size).toBe(
      3,
    );
    expect(new Set(Object.values(VIBRATIONS).map(String)).size).toBe(3);
  });

  it('stays silent and still once "Son et vibration" is off, and remembers it', async () => {
    const { pass_code } = await pass('confirmed', 'Paul Biya');
    const { user } = await openDoor();
    const toggle = screen.getByRole('switch', { name: 'Son et vibration' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(localStorage.getItem('booster-door-feedback')).toBe('off');
    await typeCode(user, pass_code);
    expect(await verdict()).toHaveTextContent(/^Entrée validée/);
    expect(played.flat()).toEqual([]);
    expect(vibrations).toEqual([]);
  });
});
