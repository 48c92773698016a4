// Build step for the browser side (no bundler):
//  1. copy vendored libraries from node_modules into static/vendor/ (idb, signature_pad,
//     canonicalize, the Workbox runtime);
//  2. build the service worker static/sw.js from static/sw.src.js with Workbox injectManifest,
//     precaching static assets and the app-shell pages listed in static/.precache-pages.json
//     (written by `python -m inspector.web.pwa precache-json`, see the Makefile's build target).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyWorkboxLibraries, injectManifest } from 'workbox-build';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const staticDir = join(root, 'static');
const vendor = join(staticDir, 'vendor');

rmSync(vendor, { recursive: true, force: true });
mkdirSync(vendor, { recursive: true });
cpSync(join(root, 'node_modules', 'idb', 'build'), join(vendor, 'idb'), { recursive: true });
// signature_pad: its ES module build (the capture and order pages import it; no bundler).
mkdirSync(join(vendor, 'signature_pad'), { recursive: true });
for (const file of ['signature_pad.js']) {
  cpSync(join(root, 'node_modules', 'signature_pad', 'dist', file), join(vendor, 'signature_pad', file));
}
// canonicalize: RFC 8785 canonical JSON, one ES module without imports (static/js/canonical.js).
mkdirSync(join(vendor, 'canonicalize'), { recursive: true });
cpSync(join(root, 'node_modules', 'canonicalize', 'lib', 'canonicalize.js'), join(vendor, 'canonicalize', 'canonicalize.js'));
const workboxDir = basename(await copyWorkboxLibraries(vendor));
console.log(`static/vendor: idb, signature_pad, canonicalize, ${workboxDir}`);

const pagesFile = join(staticDir, '.precache-pages.json');
if (!existsSync(pagesFile)) {
  console.error('static/.precache-pages.json is missing: run `make build` (it writes it with python first).');
  process.exit(1);
}
const pages = JSON.parse(readFileSync(pagesFile, 'utf8'));

// The source names the runtime folder generically; write the versioned name in before injecting.
const source = join(root, 'build-sw.tmp.js');
writeFileSync(source, readFileSync(join(staticDir, 'sw.src.js'), 'utf8').replaceAll('WORKBOX_DIR', workboxDir));
try {
  const { count, size, warnings } = await injectManifest({
    swSrc: source,
    swDest: join(staticDir, 'sw.js'),
    globDirectory: root,
    globPatterns: [
      'static/css/**/*.css',
      'static/js/**/*.js',
      'static/icons/*.png',
      'static/vendor/idb/index.js',
      'static/vendor/signature_pad/signature_pad.js',
      'static/vendor/canonicalize/canonicalize.js',
      `static/vendor/${workboxDir}/workbox-sw.js`,
      `static/vendor/${workboxDir}/workbox-{core,precaching,routing,strategies}.prod.js`,
    ],
    // Page URLs -> the template files they are rendered from (a template edit re-fetches the page).
    templatedURLs: pages,
    manifestTransforms: [async (entries) => ({
      // Files are served from /static/…; pages are already absolute URLs.
      manifest: entries.map((e) => (e.url.startsWith('/') ? e : { ...e, url: `/${e.url}` })),
      warnings: [],
    })],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  });
  for (const w of warnings) console.warn(w);
  console.log(`static/sw.js: ${count} precached files, ${(size / 1024).toFixed(0)} KB`);
} finally {
  rmSync(source, { force: true });
}
