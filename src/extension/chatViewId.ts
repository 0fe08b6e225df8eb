// The chat WebviewView's id, as package.json contributes it. Its own module so the activation bundle
// can register the view without loading the view's code (the protocol, the controller).
export const CHAT_VIEW_ID = 'svc.chat';
