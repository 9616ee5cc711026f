import { resolve } from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import type { Configuration } from 'webpack';

/*
 * One entry (the login page and the app shell); every other screen is an `import()` chunk.
 * No eval-based source maps: the content security policy forbids eval.
 */
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
    plugins: [new HtmlWebpackPlugin({ template: './src/client/index.html', scriptLoading: 'defer' })],
    devtool: production ? false : 'source-map',
    optimization: { splitChunks: { chunks: 'all' } },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
};
