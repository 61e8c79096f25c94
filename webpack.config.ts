import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack, { type Compiler, type Configuration } from 'webpack';

const root = __dirname;
/**
 * The entry's vendor code in two chunks of its own, by name, that download side by side and stay
 * cached across releases of the portal's own code: React's DOM renderer (`react`), and what the
 * entry runs before it (`core`: router, store, styling engine). MUI's components stay with the
 * screens' chunks; the toasts (notistack) load after the first render (app/ToastsHost.tsx). (They
 * carried V8's explicit compile hint once: Chromium then compiled them
 * whole on the main thread, 90 ms later evaluated in interleaved runs, so they no longer do.)
 */
const VENDOR_CHUNKS = {
  react: { test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
  core: {
    test: /[\\/]node_modules[\\/](react-router|react-router-dom|@reduxjs|immer|redux|redux-thunk|redux-persist|reselect|react-redux|@mui[\\/]system|@mui[\\/]utils|@mui[\\/]styled-engine|@emotion|stylis)[\\/]/,
    priority: 10,
  },
};

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy next to every script, style, HTML and SVG
 * file above 1 kB, which the server sends as they are (`preCompressed`) instead of compressing each
 * file on every request: a first visit's 16 files no longer keep the server's one thread busy while
 * the page's API calls wait behind them, and the files are smaller on the wire.
 */
class PrecompressPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            if (!/\.(js|css|html|svg)$/.test(name)) continue;
            const buffer = source.buffer();
            if (buffer.length < 1024) continue;
            const brotli = zlib.brotliCompressSync(buffer, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
            });
            compilation.emitAsset(`${name}.br`, new webpack.sources.RawSource(brotli));
            compilation.emitAsset(`${name}.gz`, new webpack.sources.RawSource(zlib.gzipSync(buffer, { level: 9 })));
          }
        },
      );
    });
  }
}

/** Files of public/ the server sends as they are, beside the build (robots.txt: a private portal is not indexed). */
class PublicFilesPlugin {
  constructor(private readonly files: string[]) {}

  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PublicFilesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const file of this.files) {
          const source = path.join(root, 'public', file);
          compilation.fileDependencies.add(source);
          compilation.emitAsset(file, new webpack.sources.RawSource(fs.readFileSync(source)));
        }
      });
    });
  }
}

/**
 * The SPA build. The server answers with CSP `script-src 'self'`: no script is inlined into the
 * HTML and nothing evaluates strings (no eval-based source maps).
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
      new PublicFilesPlugin(['robots.txt']),
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    optimization: {
      splitChunks: {
        chunks: 'all',
        cacheGroups: Object.fromEntries(Object.entries(VENDOR_CHUNKS).map(([name, group]) => [name, { ...group, name, chunks: 'all' as const }])),
      },
    },
    // Production's source maps are written for whoever debugs the build, with no link to them in
    // the scripts, and the server never sends them (src/server/app.ts): the browser gets the
    // minified code only.
    devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
    // A budget: the first page (React, MUI, Redux, router) is about 600 kB minified, 195 kB gzipped.
    performance: { hints: production ? 'warning' : false, maxEntrypointSize: 700_000, maxAssetSize: 650_000 },
  };
};
