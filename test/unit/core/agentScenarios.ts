// The agent tests' world on the one emulator test bed: the scenario file (with the served page's URL
// filled in), the page its fetch step reads, and checks over the chat requests the emulator logged.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { ChatRequest } from '../../../src/api/index';
import type { FaultOptions, Scenario } from '../../../src/emulator/index';
import { startEmulatorTestBed, type EmulatorTestBed } from '../../support/emulatorTestBed';
import { assertEveryCallAnswered } from '../../support/toolCallChecks';

export const SCENARIO_FILE = path.join(__dirname, '../../fixtures/scenarios/agent-tasks.json');

export const LEAP_PAGE = '<html><head><title>Leap calendar</title></head><body><h1>Leap rules</h1><p>Divisible by 4, except centuries, unless divisible by 400 (marker: gregorian-1582).</p></body></html>';

/** The scenario file with `{{pageUrl}}` filled in (the page's port is only known at run time). */
function scenarios(pageUrl: string): Scenario[] {
  const text = readFileSync(SCENARIO_FILE, 'utf8').replaceAll('{{pageUrl}}', pageUrl);
  return (JSON.parse(text) as { scenarios: Scenario[] }).scenarios;
}

export function startAgentBed(options: { speed?: number; faults?: FaultOptions } = {}): Promise<EmulatorTestBed> {
  return startEmulatorTestBed({ page: LEAP_PAGE, scenarios, speed: options.speed ?? 0, faults: options.faults ?? {} });
}

export function chatRequests(bed: EmulatorTestBed): { status: number; body: ChatRequest }[] {
  return bed
    .exchanges()
    .filter((e) => e.path.endsWith('/chat/completions'))
    .map((e) => ({ status: e.status, body: e.request as ChatRequest }));
}

/** No request the loop sent left a tool call unanswered; returns how many chat requests there were. */
export function assertNoUnansweredCallSent(bed: EmulatorTestBed): number {
  const requests = chatRequests(bed);
  requests.forEach((r, n) => assertEveryCallAnswered(r.body.messages, `request ${n + 1}`));
  return requests.length;
}
