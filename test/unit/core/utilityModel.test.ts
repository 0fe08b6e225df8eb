import assert from 'node:assert/strict';
import { MODELS, modelInfo } from '../../../src/api/index';
import { utilityModelOf } from '../../../src/core/languageModels/utilityModel';

const listed = (...ids: string[]) => ids.map((id) => ({ id, info: modelInfo(id) }));

describe("VS Code's utility model: the svc model offered", () => {
  it('takes the quick model without reasoning when the account lists it', () => {
    assert.equal(utilityModelOf(MODELS.map((m) => ({ id: m.id, info: m }))), 'svc-k2-turbo-preview');
    assert.equal(utilityModelOf(listed('svc-k2.5', 'svc-v1-128k', 'svc-v1-32k')), 'svc-v1-32k');
  });

  it('falls back to any listed model that does not reason, never to a thinking or unknown one', () => {
    assert.equal(utilityModelOf(listed('svc-k2-thinking', 'svc-k2-0905-preview')), 'svc-k2-0905-preview');
    assert.equal(utilityModelOf([...listed('svc-k2-thinking', 'svc-k2.5'), { id: 'svc-new', info: undefined }]), undefined);
  });
});
