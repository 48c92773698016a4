/* Service worker source. `make build` (scripts/build-static.mjs, Workbox injectManifest) writes the
   precache list into static/sw.js; Flask serves that file at /sw.js so its scope is the whole site.
   Not an ES module: Workbox's runtime is loaded with importScripts from our own copy, never a CDN. */
/* global importScripts, workbox */
importScripts('/static/vendor/WORKBOX_DIR/workbox-sw.js');
workbox.setConfig({ modulePathPrefix: '/static/vendor/WORKBOX_DIR/', debug: false });
// Every module used is loaded here, at the top: lazy loading only works on the worker's first run.
workbox.loadModule('workbox-core');
workbox.loadModule('workbox-precaching');
workbox.loadModule('workbox-routing');
workbox.loadModule('workbox-strategies');

const { precacheAndRoute, cleanupOutdatedCaches, matchPrecache } = workbox.precaching;
const { registerRoute, NavigationRoute, setCatchHandler } = workbox.routing;
const { NetworkOnly } = workbox.strategies;

// App shell and static assets. Query strings are ignored so /app/inspect?site=7 is the shell page.
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/], directoryIndex: null, cleanURLs: false });
cleanupOutdatedCaches();

// Office (server-rendered) pages carry user data and are never cached: network with a short timeout,
// then the offline page. The sync API is not routed here at all: sync.js talks to the network itself.
const OFFICE_TIMEOUT_SECONDS = 4;
registerRoute(new NavigationRoute(new NetworkOnly({ networkTimeoutSeconds: OFFICE_TIMEOUT_SECONDS }), {
  denylist: [/^\/api\//, /^\/sw\.js$/],
}));
// Signing out (the POST /logout navigation) goes to the network as it is, with no time limit (one that
// got through is never cut short or said to have failed) and nothing cached. Only when nothing gets
// through (the tablet says it is online, but no request reaches the server) does the app's own page
// say so, instead of the browser's error page.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname === '/logout'
    && request.mode === 'navigate',
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache('/app/sign-out-failed')) || Response.error();
    }
  },
  'POST',
);
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') {
    return (await matchPrecache('/app/offline')) || Response.error();
  }
  return Response.error();
});

// A new version waits until the user agrees (the page posts SKIP_WAITING from the update banner).
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
