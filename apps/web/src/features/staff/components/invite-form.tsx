import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { Send } from 'lucide-react';
import { MESSAGES } from '@shop/shared/messages';
import { staffInviteBodySchema, type StaffInviteBody } from '@shop/shared/staff';
import { Button } from '../../../components/ui/button';
import { FormSection } from '../../../components/ui/form-section';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/error-text';
import { useInviteStaffMutation } from '../staff-api';

/** docs/product.md, Staff: the owner invites by name and email; the link goes by mail. */
export function InviteForm() {
  const [invite, { isLoading }] = useInviteStaffMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<StaffInviteBody>({
    resolver: zodResolver(staffInviteBodySchema),
    defaultValues: { name: '', email: '' },
  });

  async function send(values: StaffInviteBody) {
    const result = await invite(values);
    if (result.error) {
      toast.error(errorText(result.error));
      return;
    }
    reset();
    toast.success(MESSAGES.staffInviteSent);
  }

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(send)(e)}>
      <FormSection
        title="Invite Staff"
        description="They get a mail with a link to choose a password. It works once, for 48 hours."
      >
        <div className="grid items-start gap-5 md:grid-cols-[1fr_1fr_auto]">
          <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" loading={isLoading} className="md:mt-7">
            <Send aria-hidden="true" className="size-4" />
            Send invitation
          </Button>
        </div>
      </FormSection>
    </form>
  );
}
