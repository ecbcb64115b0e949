import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectAt, resolveProject } from '../../lib/capture/project.js';
import { tempDir } from '../helpers.js';

describe('project identity', () => {
  it('prefers CLAUDE_PROJECT_DIR', () => {
    expect(resolveProject({ CLAUDE_PROJECT_DIR: '/w/api/' }, '/w/api/src')).toEqual({ name: 'api', path: '/w/api' });
  });
  it('walks up to the git top-level without spawning git', () => {
    const root = join(tempDir(), 'shop');
    mkdirSync(join(root, '.git'), { recursive: true });
    mkdirSync(join(root, 'src', 'deep'), { recursive: true });
    expect(resolveProject({}, join(root, 'src', 'deep'))).toEqual({ name: 'shop', path: root });
  });
  it('falls back to cwd outside a repository', () => {
    const dir = join(tempDir(), 'scratch');
    mkdirSync(dir);
    expect(resolveProject({}, dir)).toEqual({ name: 'scratch', path: dir });
  });
  it('understands Windows paths', () => {
    expect(projectAt('C:\\Users\\dev\\app')).toEqual({ name: 'app', path: 'C:\\Users\\dev\\app' });
  });
});
