import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack, { type Configuration } from 'webpack';

const root = __dirname;

/**
 * The SPA build. The server answers with CSP `script-src 'self'`, so the produced HTML has
 * no inline script and nothing evaluates strings (no eval-based source maps either).
 */
export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    target: ['web', 'es2022'],
    entry: { main: path.join(root, 'src/client/index.tsx') },
    output: {
      path: path.join(root, 'build/public'),
      publicPath: '/',
      filename: production ? 'js/[name].[contenthash:12].js' : 'js/[name].js',
      chunkFilename: production ? 'js/[name].[contenthash:12].js' : 'js/[name].js',
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
                target: 'es2022',
              },
            },
          },
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: path.join(root, 'public/index.html'),
        // Copies the icon to build/public/favicon.svg and links it.
        favicon: path.join(root, 'public/favicon.svg'),
        scriptLoading: 'defer',
      }),
      // moment bundles every locale by default; the portal speaks Dutch only.
      new webpack.ContextReplacementPlugin(/moment[/\\]locale$/, /^\.\/nl$/),
    ],
    optimization: {
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
    },
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    // A budget: the first page (React, MUI, Redux, router) is about 600 kB minified, 195 kB gzipped.
    performance: { hints: production ? 'warning' : false, maxEntrypointSize: 700_000, maxAssetSize: 650_000 },
  };
};
