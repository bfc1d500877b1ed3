import { createRoot } from 'react-dom/client';
import '@kadr/ui-kit/tokens.css';
import './app/global.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root is missing from index.html');
const root = createRoot(rootElement);
// The app (router, API client, screens) is a module graph of its own, evaluated in a task after React
// DOM's, and it starts in a task after that: one long task at start-up becomes three shorter ones, so
// a tap or a frame can come between them. index.html preloads every file (build/preload-entry-imports.ts).
void import('./app/boot').then(({ boot }) => setTimeout(() => boot(root)));
