import { relative, resolve } from 'node:path';
import { type Configuration, DefinePlugin } from 'webpack';

/** Where the compiled server goes: `node dist/server/main.js` runs it, with no TypeScript loader. */
const SERVER_DIR = resolve(__dirname, 'dist/server');

/**
 * Packages built into the bundle rather than required at run time: jose ships ES modules only, and
 * date-fns's and kysely's are cut to what the server uses (their ES modules, see `resolve`), where
 * `require` would read hundreds of their files at every start.
 */
const BUNDLED = /^(jose|date-fns|@date-fns\/tz|kysely)(\/|$)/;

/*
 * The server and everything it imports from src/, config/ and locales/ in one CommonJS file; the
 * JSON it imports (the Turkish sentences, package.json's version) and the migrations, imported one
 * by one in migrations/index.ts, are inside it. Packages stay in node_modules and are required at
 * run time, except those named in BUNDLED. Not minified, with a source map, so a stack in the
 * log reads as the source does.
 *
 * A module's `__dirname` is its own folder in the source tree, found from where the bundle lies,
 * so what the server reads beside its sources (the folders of locales/, dist/client) is found from
 * the bundle as from the sources, wherever the project folder is.
 */
export default (): Configuration => ({
  mode: 'production',
  target: 'node20',
  context: __dirname,
  entry: { main: './src/server/main.ts' },
  output: { path: SERVER_DIR, filename: '[name].js', clean: true },
  // A bundled package's ES modules, which webpack cuts to what is used, even where the sources' `require` asks.
  resolve: { extensions: ['.ts', '.js'], byDependency: { commonjs: { conditionNames: ['import', 'module', 'node', 'default'] } } },
  externals: [
    ({ request }, callback) => {
      const bare = request !== undefined && !request.startsWith('.') && !request.startsWith('/') && !request.startsWith('node:');
      if (bare && !BUNDLED.test(request)) return callback(undefined, `commonjs ${request}`);
      callback();
    },
  ],
  module: {
    rules: [
      {
        test: /\.ts$/,
        exclude: /node_modules/,
        // CommonJS, as Node (and tsx) read the sources: a JSON file's fields are its named exports.
        use: { loader: 'swc-loader', options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } } },
      },
    ],
  },
  // __dirname and __filename are Node's own (the bundle's), except as the plugin below defines them.
  node: false,
  plugins: [
    new DefinePlugin({
      __dirname: DefinePlugin.runtimeValue(
        ({ module }) => `require("node:path").join(__filename, "..", ${JSON.stringify(relative(SERVER_DIR, module.context ?? SERVER_DIR))})`,
      ),
    }),
  ],
  devtool: 'source-map',
  // NODE_ENV is the environment's at run time, not fixed by the build.
  optimization: { minimize: false, nodeEnv: false },
  performance: { hints: false },
  stats: 'errors-warnings',
});
