/**
 * Each verdict also heard and felt, as stewards' scanners do (docs/decisions/043-the-door-fits-the-hand.md):
 * tones made by the Web Audio API in code (no audio file to download or keep offline) and a
 * vibration where the phone allows one (navigator.vibrate; iPhones have none and stay silent in
 * silent mode). Three cues a steward tells apart without looking: admitted (two quick rising
 * notes), already entered (two low beeps, longer), refused (one falling buzz, longest). A switch
 * on the door screen turns both off; its state is kept on this phone.
 */
export type Cue = 'admitted' | 'already' | 'refused';

type Tone = { from: number; to: number; at: number; length: number; wave: OscillatorType };

export const TONES: Record<Cue, Tone[]> = {
  admitted: [
    { from: 880, to: 880, at: 0, length: 0.09, wave: 'sine' },
    { from: 1320, to: 1320, at: 0.11, length: 0.12, wave: 'sine' },
  ],
  already: [
    { from: 440, to: 440, at: 0, length: 0.18, wave: 'square' },
    { from: 440, to: 440, at: 0.28, length: 0.18, wave: 'square' },
  ],
  refused: [{ from: 330, to: 165, at: 0, length: 0.6, wave: 'sawtooth' }],
};

/** Vibration patterns (ms on, off, on…): one tap, two pulses, a long rattle. */
export const VIBRATIONS: Record<Cue, number[]> = {
  admitted: [60],
  already: [200, 120, 200],
  refused: [120, 60, 120, 60, 120, 60, 400],
};

const SWITCH_KEY = 'booster-door-feedback';

/** Sound and vibration are on unless this phone's steward turned them off. */
export function feedbackOn(): boolean {
  try {
    return localStorage.getItem(SWITCH_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setFeedbackOn(on: boolean): void {
  try {
    if (on) localStorage.removeItem(SWITCH_KEY);
    else localStorage.setItem(SWITCH_KEY, 'off');
  } catch {
    // Without storage the switch lasts as long as the page.
  }
}

let audio: AudioContext | null = null;

/** One AudioContext for the page, made at the first cue (after a tap: browsers allow sound then). */
function context(): AudioContext | null {
  if (audio) return audio;
  const Context = globalThis.AudioContext;
  if (typeof Context !== 'function') return null;
  try {
    audio = new Context();
  } catch {
    return null;
  }
  return audio;
}

function play(ctx: AudioContext, tones: Tone[]) {
  if (ctx.state === 'suspended') void ctx.resume();
  const start = ctx.currentTime + 0.01;
  for (const t of tones) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = t.wave;
    osc.frequency.setValueAtTime(t.from, start + t.at);
    if (t.to !== t.from) osc.frequency.linearRampToValueAtTime(t.to, start + t.at + t.length);
    // A short fade in and out: no click at either end.
    gain.gain.setValueAtTime(0, start + t.at);
    gain.gain.linearRampToValueAtTime(0.3, start + t.at + 0.01);
    gain.gain.linearRampToValueAtTime(0, start + t.at + t.length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start + t.at);
    osc.stop(start + t.at + t.length + 0.02);
  }
}

/** Plays the cue and vibrates, when the switch is on and the device can. */
export function giveCue(cue: Cue): void {
  if (!feedbackOn()) return;
  const ctx = context();
  if (ctx) {
    try {
      play(ctx, TONES[cue]);
    } catch {
      // A browser that refuses the sound still shows the verdict.
    }
  }
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function')
    navigator.vibrate(VIBRATIONS[cue]);
}
