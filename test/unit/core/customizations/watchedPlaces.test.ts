// What the extension asks VS Code to watch for customizations: each location where it is. A pattern that
// reaches below its base makes VS Code watch that base recursively, and for the home folder that is every
// file a developer keeps there.
import assert from 'node:assert/strict';
import { CUSTOMIZATION_LOCATIONS, watchedPlaces } from '../../../../src/core/customizations/customizationLocations';

describe('the places watched for customizations', () => {
  it('watches each home location itself, never the home folder recursively', () => {
    const home = watchedPlaces('home');
    assert.ok(home.every((place) => place.folder !== '' || !/[/*]/.test(place.pattern)), 'nothing recursive at the home folder itself');
    assert.deepEqual(home.find((place) => place.folder === '.claude'), { folder: '.claude', pattern: 'CLAUDE.md' }, "~/.claude, where Claude Code keeps its sessions, only for CLAUDE.md, not recursively");
    assert.deepEqual(home.find((place) => place.folder === '.claude/skills'), { folder: '.claude/skills', pattern: '**' });
    for (const location of CUSTOMIZATION_LOCATIONS.filter((l) => l.base === 'home')) {
      assert.ok(home.some((place) => location.path === place.folder || location.path === `${place.folder}/${place.pattern}`), `${location.path} is watched`);
    }
  });

  it('watches a workspace folder with one pattern over the top folders, which its own recursive watcher serves', () => {
    assert.deepEqual(watchedPlaces('workspace'), [{ folder: '', pattern: '{.agents,.github,.claude,CLAUDE.md}{,/**}' }]);
  });
});
