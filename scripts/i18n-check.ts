/*
 * `npm run i18n:check`: every language under locales/ against Turkish, and the code against the
 * catalogues. One line per problem (file, key, problem) and exit code 1 when there is any; one OK
 * line and 0 otherwise. `--root <dir>` checks another copy of the repository (its locales/ and src/).
 */
import { join, resolve } from 'node:path';
import { checkCatalogues, formatProblem } from './i18n/check';
import { SOURCE_LANGUAGE } from './i18n/catalogues';

const rootFlag = process.argv.indexOf('--root');
const root = rootFlag >= 0 ? resolve(process.argv[rootFlag + 1] ?? '.') : join(__dirname, '..');
const { problems, languages, namespaces, keys } = checkCatalogues({ root });

if (problems.length > 0) {
  for (const problem of problems) process.stdout.write(`${formatProblem(problem)}\n`);
  process.stdout.write(`${problems.length} problem${problems.length === 1 ? '' : 's'} in the catalogues\n`);
  process.exit(1);
}
const others = languages.filter((language) => language !== SOURCE_LANGUAGE);
process.stdout.write(`OK: ${others.join(', ')} agree with ${SOURCE_LANGUAGE} on ${keys} keys in ${namespaces.length} namespaces, every one used in code\n`);
