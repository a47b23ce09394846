// A module of its own, listed before main.tsx in index.html: it runs while the app's larger main
// script is still on its way, and starts the first page's requests (app/first-requests.ts).
import { startFirstRequests } from './app/first-requests';

startFirstRequests(window.location);
