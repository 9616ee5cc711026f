import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { LOCALES_ROOT } from '../locales/languages';
import { useLocales } from './language-files';

// react-router needs these, and jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// The languages are the folders of locales/, as the build finds them.
useLocales(LOCALES_ROOT);

// findBy and waitFor wait for a state, not a time: their 1 s default is too short on a busy machine.
configure({ asyncUtilTimeout: 15_000 });
