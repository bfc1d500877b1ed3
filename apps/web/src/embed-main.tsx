// The frame player page's entry (embed.html): a partner's EmbedPlayer frames it (docs/decisions/035).
import { createRoot } from 'react-dom/client';
import '@kadr/ui-kit/tokens.css';
import './app/global.css';
import { bootEmbed } from './app/embed-boot';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root is missing from embed.html');
bootEmbed(createRoot(rootElement));
