// Entry of the webview bundle (dist/webview.js, with its CSS in dist/webview.css).
import '@vscode/codicons/dist/codicon.css';
import './chat.css';
import { ChatApp } from './chatApp';
import { HostBridge } from './hostBridge';

new ChatApp(new HostBridge(), document.body).start();
