// Which of the request rules a user can break (through a setting, a chosen model or an attachment) an
// issue is, with its figures. The issue's message stays English (it is logged and names the wire
// fields); the rule lets a layer above say the same thing in the user's language without reading it.

export type IssueRule =
  | { id: 'numberRange'; min: number; max: number; got: string }
  | { id: 'temperatureOrTopP' }
  | { id: 'choiceCount'; max: number; got: string }
  /** `modelDefault` names the model whose default temperature it is, when the request set none. */
  | { id: 'oneChoiceNearZeroTemperature'; temperature: number; modelDefault?: string }
  | { id: 'fixedValue'; model: string; fixed: string; got: string }
  | { id: 'stopCount'; max: number; got: number }
  | { id: 'stopBytes'; max: number; got: number }
  | { id: 'thinkingNotSwitchable'; accepted: string; model: string }
  | { id: 'wholeNumber'; got: string }
  | { id: 'inputTooLong'; tokens: number; model: string; length: number }
  /** `completion` is the default cap when `defaulted`. */
  | { id: 'completionDoesNotFit'; tokens: number; completion: number; defaulted: boolean; model: string; length: number; fits: number }
  | { id: 'needsVision'; media: 'image' | 'video'; models: string; model: string }
  | { id: 'jsonModeNeedsPrompt' }
  | { id: 'emptyContent' };
