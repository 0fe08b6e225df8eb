// A broken request rule in the user's language. The client's issues are English (they are logged and
// name wire fields); those a user can cause carry their rule as data, said here through the translator.
// An issue without one (a malformed message the extension built) keeps its English text: it is a bug
// report, not something the user fixes. The field path is code and is never translated.
import type { IssueRule, ValidationIssue } from '../../api/index';
import * as l10n from '../l10n';

function ruleText(rule: IssueRule): string {
  switch (rule.id) {
    case 'numberRange':
      return l10n.t('must be a number from {0} to {1} (got {2})', rule.min, rule.max, rule.got);
    case 'temperatureOrTopP':
      return l10n.t('set either temperature or top_p, not both');
    case 'choiceCount':
      return l10n.t('must be a whole number from 1 to {0} (got {1})', rule.max, rule.got);
    case 'oneChoiceNearZeroTemperature':
      return rule.modelDefault !== undefined
        ? l10n.t('must be 1 when temperature is near 0 (the default temperature of {0} is {1})', rule.modelDefault, rule.temperature)
        : l10n.t('must be 1 when temperature is near 0 (temperature is {0})', rule.temperature);
    case 'fixedValue':
      return l10n.t('cannot be changed for {0}: it is fixed at {1} (got {2})', rule.model, rule.fixed, rule.got);
    case 'stopCount':
      return l10n.t('at most {0} strings (got {1})', rule.max, rule.got);
    case 'stopBytes':
      return l10n.t('at most {0} bytes in UTF-8 (got {1})', rule.max, rule.got);
    case 'thinkingNotSwitchable':
      return l10n.t('only {0} accepts thinking; {1} does not', rule.accepted, rule.model);
    case 'wholeNumber':
      return l10n.t('must be a whole number of at least 1 (got {0})', rule.got);
    case 'inputTooLong':
      return l10n.t('input token length too long: {0} tokens, {1} holds {2} in total', rule.tokens, rule.model, rule.length);
    case 'completionDoesNotFit':
      return rule.defaulted
        ? l10n.t("input ({0} tokens) plus the default max_completion_tokens ({1}) exceeds {2}'s total length of {3}; at most {4} fits", rule.tokens, rule.completion, rule.model, rule.length, rule.fits)
        : l10n.t("input ({0} tokens) plus max_completion_tokens ({1}) exceeds {2}'s total length of {3}; at most {4} fits", rule.tokens, rule.completion, rule.model, rule.length, rule.fits);
    case 'needsVision':
      return rule.media === 'image'
        ? l10n.t('image input needs a vision model ({0}); {1} reads text only', rule.models, rule.model)
        : l10n.t('video input needs a vision model ({0}); {1} reads text only', rule.models, rule.model);
    case 'jsonModeNeedsPrompt':
      return l10n.t('JSON mode needs a message that asks for JSON and describes its format');
    case 'emptyContent':
      return l10n.t('must not be empty');
  }
}

/** "field: rule", the rule in the user's language where the issue carries it. */
export function issueText(issue: ValidationIssue): string {
  return `${issue.field}: ${issue.rule ? ruleText(issue.rule) : issue.message}`;
}

/** Every issue of a refused request, in the order the client found them (at least one). */
export function issuesText(issues: readonly ValidationIssue[]): string {
  return issues.map(issueText).reduce((said, next) => l10n.t('{0}; {1}', said, next));
}
