import { toast } from '../../../lib/toast';
import { Modal } from '../../../components/ui/modal';
import { useUpdateCommunity } from '../api/update-community';
import { CommunityForm } from './community-form';
import type { CommunityDialogProps } from './delete-community-dialog';

/** The owner's or an admin's dialog to change the community's name, picture, description and who can join. */
export function EditCommunityDialog({ community, open, onOpenChange }: CommunityDialogProps) {
  const update = useUpdateCommunity(community.id);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Edit community">
      <CommunityForm
        initial={community}
        submitLabel="Save"
        busyLabel="Saving…"
        onCancel={() => onOpenChange(false)}
        onSubmit={async ({ placeChanged, place, ...input }) => {
          await update.mutateAsync({ ...input, ...(placeChanged && { place: place ?? null }) });
          onOpenChange(false);
          toast.success('Community saved');
        }}
      />
    </Modal>
  );
}
