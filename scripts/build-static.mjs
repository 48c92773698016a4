// Build step for the browser side (no bundler): copy vendored libraries from node_modules into
// static/vendor/. The offline-capture work adds the service worker (Workbox injectManifest) here.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyWorkboxLibraries } from 'workbox-build';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const vendor = join(root, 'static', 'vendor');

rmSync(vendor, { recursive: true, force: true });
mkdirSync(vendor, { recursive: true });
cpSync(join(root, 'node_modules', 'idb', 'build'), join(vendor, 'idb'), { recursive: true });
const workboxDir = await copyWorkboxLibraries(vendor);
console.log(`static/vendor: idb, ${workboxDir}`);
