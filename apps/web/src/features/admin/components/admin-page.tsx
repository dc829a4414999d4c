import * as Tabs from '@radix-ui/react-tabs';
import { useNavigate, useParams } from 'react-router';
import { TabStrip } from '../../../components/ui/tab-strip';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { AppealsTab } from './appeals-tab';
import { AuditTab } from './audit-tab';
import { DashboardTab } from './dashboard-tab';
import { FiltersTab } from './filters-tab';
import { HeldTab } from './held-tab';
import { MembersTab } from './members-tab';
import { ReportsTab } from './reports-tab';
import { SettingsTab } from './settings-tab';

const TABS = [
  { value: 'dashboard', label: 'Dashboard' },
  { value: 'reports', label: 'Reports' },
  { value: 'appeals', label: 'Appeals' },
  { value: 'held', label: 'Held for review' },
  { value: 'members', label: 'Members' },
  { value: 'audit', label: 'Audit log' },
  { value: 'filters', label: 'Filters', adminOnly: true },
  { value: 'settings', label: 'Settings', adminOnly: true },
] as const;

/**
 * /admin[/{tab}]: running the instance, for its admins and moderators (the route shows everyone else the app's Not
 * found, and the server answers them 404). Moderators see the figures, work the queue and suspend; settings, filters
 * and appointing moderators are the admins'.
 */
export function AdminPage() {
  const role = useAuth().user?.instance_role ?? null;
  const isAdmin = role === 'admin';
  const navigate = useNavigate();
  const tabs = TABS.filter((t) => !('adminOnly' in t) || isAdmin);
  const asked = useParams().tab;
  const current = tabs.find((t) => t.value === asked)?.value ?? 'dashboard';
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">Running this instance</h1>
        <p className="text-sm text-slate-400">You are {isAdmin ? 'an admin' : 'a moderator'} of this instance.</p>
      </div>
      <Tabs.Root
        value={current}
        onValueChange={(tab) => navigate(paths.admin.getHref(tab), { replace: true })}
        className="flex flex-col gap-4"
      >
        <TabStrip label="Admin sections" tabs={tabs} className="-mx-1 overflow-x-auto px-1" />
        <Tabs.Content value="dashboard">
          <DashboardTab />
        </Tabs.Content>
        <Tabs.Content value="reports">
          <ReportsTab />
        </Tabs.Content>
        <Tabs.Content value="appeals">
          <AppealsTab />
        </Tabs.Content>
        <Tabs.Content value="held">
          <HeldTab />
        </Tabs.Content>
        <Tabs.Content value="members">
          <MembersTab isAdmin={isAdmin} />
        </Tabs.Content>
        <Tabs.Content value="audit">
          <AuditTab />
        </Tabs.Content>
        {isAdmin && (
          <>
            <Tabs.Content value="filters">
              <FiltersTab />
            </Tabs.Content>
            <Tabs.Content value="settings">
              <SettingsTab />
            </Tabs.Content>
          </>
        )}
      </Tabs.Root>
    </div>
  );
}
