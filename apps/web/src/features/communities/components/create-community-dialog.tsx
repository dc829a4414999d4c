import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';
import { useCreateCommunity } from '../api/create-community';
import { CommunityForm } from './community-form';

export function CreateCommunityDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateCommunity();
  const navigate = useNavigate();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Create community">
      <CommunityForm
        submitLabel="Create community"
        busyLabel="Creating…"
        onCancel={() => onOpenChange(false)}
        onSubmit={async ({ placeChanged: _, place, ...input }) => {
          const community = await create.mutateAsync({ ...input, ...(place && { place }) });
          onOpenChange(false);
          toast.success(`${community.name} is ready`);
          navigate(paths.communities.detail.getHref(community.id));
        }}
      />
    </Modal>
  );
}
