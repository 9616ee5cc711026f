/** What a scan's tone tells: done (a high short beep) or refused (a low longer one). */
export type Tone = 'done' | 'refused';

const TONES: Record<Tone, { hz: number; seconds: number }> = { done: { hz: 1320, seconds: 0.12 }, refused: { hz: 330, seconds: 0.35 } };

let context: AudioContext | null = null;

/** A short tone through Web Audio, so the master hears the outcome without looking; silent where there is no audio. */
export function playTone(tone: Tone): void {
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Context) return;
  context ??= new Context();
  const { hz, seconds } = TONES[tone];
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = hz;
  gain.gain.value = 0.2;
  oscillator.connect(gain).connect(context.destination);
  oscillator.start();
  oscillator.stop(context.currentTime + seconds);
}
