// The built-in walk behind the search port (used when VS Code's ripgrep cannot be found) meets the same
// behaviour as ripgrep does in test/search.
import { WalkingWorkspaceSearch } from '../../../src/extension/workspaceTools/walkingWorkspaceSearch';
import { searchEngineSpec } from '../../support/searchEngineSpec';

searchEngineSpec('the built-in walk', (files, excludeGlobs) => new WalkingWorkspaceSearch(files, excludeGlobs));
