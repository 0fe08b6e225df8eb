// What the file features tell the chat view (chips, notices, a model switch): they need no conversation,
// so they are built on the view's outbox before the chat controller, which the file commands send through.
import type { HostMessage } from '../../shared/protocol';
import { updateSetting } from '../settings/settingsReader';
import { attachmentsMessage } from './attachmentController';
import type { ChatFilesNotices } from './chatFilesBridge';

export function chatFileNotices(post: (message: HostMessage) => void): ChatFilesNotices {
  return {
    showAttachments: (chips) => post(attachmentsMessage(chips)),
    showNotice: (notice) => post({ type: 'fileNotice', level: notice.severity, message: notice.text }),
    selectModel: (modelId) => void updateSetting('model', modelId),
  };
}
