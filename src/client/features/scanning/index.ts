/* Reading job tickets' codes: a keyboard-wedge scanner, the camera (loaded when opened), the switch and the tone that answer them. */
export { useWedgeScanner } from './useWedgeScanner';
export { ScanSwitch } from './ScanSwitch';
export { playTone, type Tone } from './tone';
