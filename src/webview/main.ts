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
import { setReviewCounts } from './components/agentReviewCounts';

const host = new HostBridge();
// The review counts go straight to the summary cards' rows, whatever conversation is shown.
host.listen((message) => {
  if (message.type === 'agentReview') setReviewCounts(message);
});
new ChatApp(host, document.body).start();
