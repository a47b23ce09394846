// A module of its own, listed before main.tsx in index.html: it runs while the app's larger main
// script is still on its way, and starts the first page's requests (app/first-requests.ts); on a
// page sent with its first paint it also starts the app, once the first pictures are painted.
import { startAppAfterFirstPaint } from './app/first-paint';
import { startFirstRequests } from './app/first-requests';

startFirstRequests(window.location);
startAppAfterFirstPaint();
