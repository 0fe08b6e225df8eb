// Entry of the webview bundle (dist/webview.js, with its CSS in dist/webview.css).
// The page's language and translations first: modules below translate strings as they load.
import './viewLocalization';
import '@vscode/codicons/dist/codicon.css';
import './styles/base.css';
import './styles/conversations.css';
import './styles/messages.css';
import './styles/markdown.css';
import './styles/composer.css';
import './styles/attachments.css';
import './styles/agent.css';
import './styles/find.css';
import { ChatApp } from './chatApp';
import { HostBridge } from './hostBridge';

const host = new HostBridge();
new ChatApp(host, document.body).start();
