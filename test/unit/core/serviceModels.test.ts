import assert from 'node:assert/strict';
import { MODELS, type Model } from '../../../src/api/index';
import { ServiceModels, type ModelListing, type ModelLister } from '../../../src/core/models/serviceModels';

class Lister implements ModelLister {
  calls = 0;
  constructor(public answer: Model[] | Error) {}
  async listModels(): Promise<Model[]> {
    this.calls++;
    if (this.answer instanceof Error) throw this.answer;
    return this.answer;
  }
}

function setUp(first: Lister) {
  let client: ModelLister = first;
  const warnings: string[] = [];
  const heard: ModelListing[] = [];
  const models = new ServiceModels(async () => client, { warn: (m) => void warnings.push(m) });
  models.onDidChange((listing) => void heard.push(listing));
  return { models, warnings, heard, use: (next: ModelLister) => (client = next) };
}

describe('the service model list', () => {
  it('lists what GET /models returns, with the catalogue filling capabilities, once per client', async () => {
    const lister = new Lister([{ id: 'svc-k2-thinking' }, { id: 'svc-v9-preview' }]);
    const { models, heard } = setUp(lister);
    const listing = await models.current();
    await models.current();
    assert.equal(lister.calls, 1);
    assert.equal(listing.source, 'service');
    assert.deepEqual(listing.models.map((m) => m.id), ['svc-k2-thinking', 'svc-v9-preview']);
    assert.equal(listing.models[0]?.info?.thinking, 'always');
    assert.equal(listing.models[1]?.info, undefined, 'a model the catalogue does not know is still listed');
    assert.equal(heard.length, 1);
  });

  it('shows a model the account gains and drops one it loses, on refresh and on a new client', async () => {
    const lister = new Lister([{ id: 'svc-v1-8k' }]);
    const { models, heard, use } = setUp(lister);
    await models.current();
    lister.answer = [{ id: 'svc-v1-8k' }, { id: 'svc-v1-32k' }];
    assert.deepEqual((await models.refresh()).models.map((m) => m.id), ['svc-v1-8k', 'svc-v1-32k']);
    use(new Lister([{ id: 'svc-v1-32k' }]));
    assert.deepEqual((await models.current()).models.map((m) => m.id), ['svc-v1-32k']);
    assert.equal(heard.length, 3);
    await models.refresh();
    assert.equal(heard.length, 3, 'an unchanged list is not announced again');
  });

  it('falls back to the catalogue, marked with the reason, when listing fails or there is no client', async () => {
    const { models, warnings } = setUp(new Lister(new Error('503 overloaded')));
    const listing = await models.current();
    assert.equal(listing.source, 'catalogue');
    assert.equal(listing.problem, '503 overloaded');
    assert.equal(listing.models.length, MODELS.length);
    assert.match(warnings.join(), /GET \/models failed/);
    const broken = new ServiceModels(async () => Promise.reject(new Error('emulator did not start')), { warn: () => undefined });
    assert.deepEqual({ source: (await broken.current()).source, problem: (await broken.current()).problem }, { source: 'catalogue', problem: 'emulator did not start' });
    assert.equal(broken.known().source, 'catalogue');
  });
});
