import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type BrotliOptions, constants, type ZlibOptions } from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { type Configuration, DefinePlugin } from 'webpack';
import { languagesIn, LOCALES_ROOT } from './locales/languages';

/* The page title is the app's name in the default language, so no text lives in the template. */
const { appName } = JSON.parse(readFileSync(resolve(__dirname, 'locales/tr/common.json'), 'utf8')) as { appName: string };

/*
 * One entry (the login page and the app shell); every other screen is an `import()` chunk. A worker
 * (`new Worker(new URL('./x.worker.ts', import.meta.url), { name })`, the order grid's line reader)
 * is a chunk of its own, built by the same rule and served from our origin like any script.
 * Vendor code sits in its own content-hashed chunk, so a release that changes only our code
 * leaves it cached. No eval-based source maps: the content security policy forbids eval.
 * A production build writes each script, style and page compressed beside it (brotli at its best,
 * and gzip for browsers without it), which the server sends as they are: the grid's megabyte of code
 * costs the server no compressing, and no turns of its one thread while it streams a long list.
 */
/** What the browser reads as text: compressed once at build time. */
const COMPRESSED = /\.(js|css|html|svg|json|wasm)$/;

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration => {
  const production = argv.mode !== 'development';
  const name = production ? '[name].[contenthash:8].js' : '[name].js';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/client/main.tsx' },
    output: {
      path: resolve(__dirname, 'dist/client'),
      filename: `assets/${name}`,
      chunkFilename: `assets/${name}`,
      publicPath: '/',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          // The camera scanner's barcode reader (zxing-wasm), a file of our own origin like every script.
          test: /\.wasm$/,
          type: 'asset/resource',
          generator: { filename: 'assets/[name].[contenthash:8][ext]' },
        },
        {
          // What a language brings to the browser, built from its folder (locales/loader.ts).
          test: /[\\/]locales[\\/][^\\/]+[\\/]language\.json$/,
          resourceQuery: /catalogue|grid/,
          type: 'javascript/auto',
          use: resolve(__dirname, 'locales/loader.ts'),
        },
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
                target: 'es2020',
              },
            },
          },
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: './src/client/index.html', title: appName, scriptLoading: 'defer' }),
      // The languages are the folders of locales/ (src/client/app/languages.ts), found again when one is added.
      new DefinePlugin({ LANGUAGE_NAMES: DefinePlugin.runtimeValue(() => JSON.stringify(languagesIn()), { contextDependencies: [LOCALES_ROOT] }) }),
      ...(production
        ? [
            new CompressionPlugin<BrotliOptions>({ filename: '[path][base].br', algorithm: 'brotliCompress', test: COMPRESSED, compressionOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }, minRatio: 0.9 }),
            new CompressionPlugin<ZlibOptions>({ filename: '[path][base].gz', algorithm: 'gzip', test: COMPRESSED, compressionOptions: { level: 9 }, minRatio: 0.9 }),
          ]
        : []),
    ],
    devtool: production ? false : 'source-map',
    optimization: {
      moduleIds: 'deterministic',
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // Libraries the first page needs share one long-lived chunk; later screens' own
          // libraries (grid, spreadsheet writer) stay in their lazy chunks.
          vendors: { test: /[\\/]node_modules[\\/]/, name: 'vendors', chunks: 'initial', priority: -5, reuseExistingChunk: true },
        },
      },
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
};
