/**
 * The ESLint rule that keeps rooms pointing inward (eslint.config.js; docs/architecture.md, "Rooms
 * in the dashboard"): code placed in a room is linted as if it were there, and each forbidden
 * import must be reported. It runs in the unit project's jsdom environment because the project's
 * shared setup clears localStorage after every test.
 */
import { describe, expect, it } from 'vitest';
import { roomViolations } from './roomViolations';

const inPlans = 'src/features/plans/RoomProbe.tsx';
const inShell = 'src/app/shell/RoomProbe.tsx';

describe('the rooms rule', { timeout: 60_000 }, () => {
  it('stops a feature from importing the shell', async () => {
    expect(await roomViolations(inPlans, "import { APP_ROUTES } from '@/app/routes';\nexport const routes = APP_ROUTES;\n")).toHaveLength(1);
    expect(
      await roomViolations(inPlans, "import type { AdminModalName } from '@/app/adminModals/AdminModals';\nexport type Name = AdminModalName;\n"),
    ).toHaveLength(1);
  });

  it("stops a feature from importing another feature's internals or even its index", async () => {
    expect(await roomViolations(inPlans, "import { useUsers } from '@/features/users/api';\nexport const users = useUsers;\n")).toHaveLength(1);
    expect(await roomViolations(inPlans, "import { useUsers } from '../users/api';\nexport const users = useUsers;\n")).toHaveLength(1);
    expect(
      await roomViolations(inPlans, "import { UserManagementModal } from '@/features/users';\nexport const modal = UserManagementModal;\n"),
    ).toHaveLength(1);
  });

  it('lets a feature use the shared rooms and its own files', async () => {
    const code = [
      "import { allows } from '@domain/access/capabilities';",
      "import { useSession } from '@/lib/session';",
      "import { AppTheme } from '@/theme/AppTheme';",
      "import { ModalDialog } from '@/ui/ModalDialog';",
      "import { PlanCard } from './PlanCard';",
      'export const used = [allows, useSession, AppTheme, ModalDialog, PlanCard];',
    ].join('\n');
    expect(await roomViolations(inPlans, code)).toEqual([]);
  });

  it("stops the shell from reaching past a feature's index, dynamic imports included", async () => {
    expect(await roomViolations(inShell, "import { useUsers } from '@/features/users/api';\nexport const users = useUsers;\n")).toHaveLength(1);
    expect(await roomViolations(inShell, "export const load = () => import('@/features/users/UserManagementModal');\n")).toHaveLength(1);
    expect(await roomViolations(inShell, "export { useUsers } from '@/features/users/api';\n")).toHaveLength(1);
  });

  it("lets the shell use a feature's index", async () => {
    expect(
      await roomViolations(inShell, "import { UserManagementModal } from '@/features/users';\nexport const modal = UserManagementModal;\n"),
    ).toEqual([]);
  });

  it('keeps features and the shell out of ui/ and lib/', async () => {
    expect(await roomViolations('src/ui/RoomProbe.tsx', "import { PlansPage } from '@/features/plans';\nexport const page = PlansPage;\n")).toHaveLength(1);
    expect(await roomViolations('src/ui/RoomProbe.tsx', "import { APP_ROUTES } from '@/app/routes';\nexport const routes = APP_ROUTES;\n")).toHaveLength(1);
    expect(await roomViolations('src/lib/RoomProbe.ts', "import { useUsers } from '@/features/users/api';\nexport const users = useUsers;\n")).toHaveLength(1);
    expect(await roomViolations('src/lib/RoomProbe.ts', "import { APP_ROUTES } from '@/app/routes';\nexport const routes = APP_ROUTES;\n")).toHaveLength(1);
  });
});
