// The features the chat host loads on first use (lazyAgentFeatures.ts): agent tasks with their tools and
// commands, the review of the agent's edits, and inline edit with the quick fixes' commands. esbuild puts
// this module and what only it imports in dist/agentFeatures.js, beside the chat host and sharing its
// modules (esbuild.mjs), so opening the chat and sending a message never loads them.
import type * as vscode from 'vscode';
import type { Checkpoints } from '../../core/checkpoints/checkpoints';
import { endOnRestore } from '../../core/review/reviewSources';
import { registerInlineEdit, type InlineEditFeatureDeps } from '../inlineEdit/registerInlineEdit';
import { registerAgentFeatures, type AgentFeatureOptions, type AgentFeatures } from './registerAgentFeatures';

export interface AgentFeaturesOptions {
  agent: AgentFeatureOptions;
  inlineEdit: InlineEditFeatureDeps;
  /** A checkpoint restore ends the review of the files it touched. */
  checkpoints: Pick<Checkpoints, 'onRestored'>;
}

/**
 * Starts the features. `releaseCommandStubs` is called right before their commands are registered, in the
 * same synchronous run, so there is no moment when one of them is missing.
 */
export function startAgentFeatures(context: vscode.ExtensionContext, options: AgentFeaturesOptions, releaseCommandStubs: () => void): AgentFeatures {
  releaseCommandStubs();
  const agent = registerAgentFeatures(context, options.agent);
  registerInlineEdit(context, options.inlineEdit);
  context.subscriptions.push(endOnRestore(agent.review.review, options.checkpoints));
  return agent;
}
