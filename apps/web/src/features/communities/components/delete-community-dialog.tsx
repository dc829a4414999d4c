import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { useDeleteCommunity } from '../api/delete-community';
import type { Community } from '../api/types';

/** What the community's settings dialogs are given. */
export interface CommunityDialogProps {
  community: Community;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Deleting is for the owner and asks for their password: the chat, tabs and memberships go with it. */
export function DeleteCommunityDialog({ community, open, onOpenChange }: CommunityDialogProps) {
  const [password, setPassword] = useState('');
  const remove = useDeleteCommunity(community.id);
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setPassword('');
        onOpenChange(o);
      }}
      title="Delete community"
      confirmLabel="Delete community"
      canConfirm={password.length > 0}
      onConfirm={async () => {
        await remove.mutateAsync(password);
        toast.success(`${community.name} was deleted`);
        navigate(paths.communities.getHref(), { replace: true });
      }}
    >
      <p className="mb-3">{community.name}, its chat, discussions, media and events are deleted for every member. This cannot be undone.</p>
      <Field
        label="Your password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
    </ConfirmDialog>
  );
}
