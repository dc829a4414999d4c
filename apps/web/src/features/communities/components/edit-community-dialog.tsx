import { toast } from '../../../lib/toast';
import { Modal } from '../../../components/ui/modal';
import { useUpdateCommunity } from '../api/update-community';
import type { Community } from '../api/types';
import { CommunityForm } from './community-form';

export function EditCommunityDialog({
  community,
  open,
  onOpenChange,
}: {
  community: Community;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
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
