import { type AdminRouteKey, adminPermissions, publicAdminRoutes } from '@bw/contracts';
import { STAFF_ROLES, type StaffRole } from '@bw/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLoggedInUser, type LoggedIn } from '../auth/auth.test-support.js';
import { createStaffSession, type StaffLoggedIn } from './backoffice.test-support.js';

/**
 * Issue 21, "must show": every admin route refuses guests (401), investors (403) and every staff
 * role the permission table does not list (403). The cases come from the table itself, so a new
 * route is covered the moment it is added there (and it must be: the server does not start with
 * an admin route missing from the table).
 */
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const keys = Object.keys(adminPermissions) as AdminRouteKey[];

const requestOf = (key: string) => {
  const [method, path] = key.split(' ') as [string, string];
  return {
    method: method as 'GET',
    url: path.replace(/:[A-Za-z]+/g, SAMPLE_ID),
    payload: method === 'GET' ? undefined : {},
  };
};

describe('admin permission table', () => {
  let t: TestApp;
  let investor: LoggedIn;
  const staff = new Map<StaffRole, StaffLoggedIn>();

  beforeAll(async () => {
    t = await createTestApp();
    investor = await createLoggedInUser(t.app);
    for (const role of STAFF_ROLES) staff.set(role, await createStaffSession(t.app, role));
  });
  afterAll(async () => t.close());

  it('lists every admin route of the OpenAPI document, and nothing else', () => {
    const documented = new Set<string>();
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    for (const [path, operations] of Object.entries(paths)) {
      if (!path.startsWith('/admin/api/')) continue;
      for (const method of Object.keys(operations))
        documented.add(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`);
    }
    expect([...documented].sort()).toEqual([...keys, ...publicAdminRoutes].sort());
  });

  it.each(keys)('%s refuses a guest with 401 before reading the input', async (key) => {
    const response = await t.app.inject(requestOf(key));
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json().error.code).toBe('STAFF_UNAUTHENTICATED');
  });

  it.each(keys)('%s refuses an investor session with 403', async (key) => {
    const response = await t.app.inject({ ...requestOf(key), headers: investor.headers });
    expect(response.statusCode, response.body).toBe(403);
  });

  const cases = keys.flatMap((key) =>
    STAFF_ROLES.map((role) => [key, role, (adminPermissions[key] as readonly StaffRole[]).includes(role)] as const),
  );

  it.each(cases)('%s as %s: allowed %s', async (key, role, allowed) => {
    // Logging out would end the session the other cases use; it is allowed for every role anyway.
    if (key === 'DELETE /admin/api/v1/session' && allowed) return;
    const member = staff.get(role) as StaffLoggedIn;
    const response = await t.app.inject({ ...requestOf(key), headers: member.headers });
    if (allowed) expect([401, 403], response.body).not.toContain(response.statusCode);
    else {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error.code).toBe('STAFF_FORBIDDEN');
    }
  });

  it('gives the auditor no changing route at all', () => {
    const changing = keys.filter((key) => !key.startsWith('GET '));
    for (const key of changing) {
      if (key === 'DELETE /admin/api/v1/session') continue;
      expect(adminPermissions[key] as readonly StaffRole[], key).not.toContain('auditor');
    }
  });
});
