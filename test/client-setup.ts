import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { LOCALES_ROOT } from '../locales/languages';
import { useLocales } from './language-files';

// react-router needs these, and jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// The languages are the folders of locales/, as the build finds them.
useLocales(LOCALES_ROOT);
