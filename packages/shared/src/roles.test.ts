import { describe, expect, it } from 'vitest';
import { permissionsOf } from './roles';

describe('roles', () => {
  it('grants the administrator everything, the editor content only, a member nothing', () => {
    expect(permissionsOf(['admin'])).toContain('users.manage');
    expect(permissionsOf(['editor'])).toEqual(['admin.access', 'content.edit']);
    expect(permissionsOf(['member'])).toEqual([]);
    expect(permissionsOf(['unknown'])).toEqual([]);
  });
});
