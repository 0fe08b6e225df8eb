// Core owns what a conversation is and what a chat session reports (src/core); the chat view's protocol
// (src/shared/protocol.ts) describes the same data for the view, and the extension passes one as the
// other. These types make the compiler refuse any drift between the two in either direction, so that
// neither the stored format nor the view can change without the other being looked at.
import type { ReplyEvent } from '../../core/chat/chatSessionEvents';
import type { AgentSummary, ErrorInfo, ReplyStatus, ToolCard, UsageRecord } from '../../core/conversations/conversationParts';
import type { TimeTotals } from '../../core/conversations/conversation';
import type { ReplySpeed } from '../../core/conversations/replySpeed';
import type { ToolKind } from '../../core/tools/toolDisplay';
import type { AgentSummaryView, ErrorInfo as ErrorInfoView, HostMessageOf, ReplySpeedView, ReplyStatus as ReplyStatusView, TimeTotalsView, ToolCard as ToolCardView, ToolKind as ToolKindView, UsageView } from '../../shared/protocol';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;

export type CoreAndViewShapesAgree = [
  Holds<Same<ErrorInfo, ErrorInfoView>>,
  Holds<Same<ReplyStatus, ReplyStatusView>>,
  Holds<Same<ToolCard, ToolCardView>>,
  Holds<Same<ToolKind, ToolKindView>>,
  Holds<Same<AgentSummary, AgentSummaryView>>,
  Holds<Same<UsageRecord, UsageView>>,
  Holds<Same<ReplySpeed, ReplySpeedView>>,
  Holds<Same<TimeTotals, TimeTotalsView>>,
  Holds<Same<ReplyEvent, HostMessageOf<ReplyEvent['type']>>>,
];
