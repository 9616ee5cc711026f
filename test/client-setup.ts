import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { LOCALES_ROOT } from '../locales/languages';
import { resetRefreshState } from '../src/client/api/http';
import { useLocales } from './language-files';

// react-router needs these, and jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// The languages are the folders of locales/, as the build finds them.
useLocales(LOCALES_ROOT);

// findBy and waitFor wait for a state, not a time: their 1 s default is too short on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

// Each test starts from a clean tab: no session, no stored preference, no refresh under way, real
// timers, whatever the test before it left (a timed-out one included).
afterEach(() => {
  // A suite may run in node's environment (no tab storage there).
  globalThis.sessionStorage?.clear();
  globalThis.localStorage?.clear();
  resetRefreshState();
  jest.useRealTimers();
});
