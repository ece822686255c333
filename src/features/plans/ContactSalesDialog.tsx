import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import * as yup from 'yup';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { EMAIL_PATTERN, MESSAGES } from '@domain/auth/schemas';
import type { Plan } from '@domain/plans/plans';
import { useSendServiceRequest } from '@/lib/requests';
import { FailureAlert } from '@/ui/FailureAlert';
import { FormTextField } from '@/ui/FormTextField';

/** The request joins the requests inbox (and is e-mailed to sales when mail is configured). */
const contactSalesSchema = yup.object({
  email: yup.string().trim().required(MESSAGES.emailRequired).matches(EMAIL_PATTERN, MESSAGES.invalidEmail),
  companyName: yup.string().trim().default(''),
  needs: yup.string().trim().default(''),
});
type ContactSalesInput = yup.InferType<typeof contactSalesSchema>;

export interface ContactSalesDialogProps {
  open: boolean;
  /** The plan whose button opened the dialog; Enterprise and plan changes go through sales. */
  plan: Plan | null;
  defaults: { email: string; companyName: string };
  onClose: () => void;
  onSent: () => void;
}

function introFor(plan: Plan | null): string {
  if (!plan || plan.id === 'enterprise') {
    return 'Tell us about your data and your volume of calls, and we will put together an offer.';
  }
  if (plan.id === 'free') {
    return 'Plan changes are set up by our sales team. Send us your details and we will switch your company to the Free plan.';
  }
  return `Plan changes are set up by our sales team. Send us your details and we will start your 1-month (30-day) free trial of the ${plan.name} plan.`;
}

export function ContactSalesDialog({ open, plan, defaults, onClose, onSent }: ContactSalesDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      {/* The dialog unmounts its content once closed: every request starts from the defaults. */}
      <ContactSalesForm titleId={titleId} plan={plan} defaults={defaults} onClose={onClose} onSent={onSent} />
    </Dialog>
  );
}

function ContactSalesForm({ titleId, plan, defaults, onClose, onSent }: Omit<ContactSalesDialogProps, 'open'> & { titleId: string }) {
  const { control, handleSubmit } = useForm<ContactSalesInput>({
    resolver: yupResolver(contactSalesSchema),
    defaultValues: {
      email: defaults.email,
      companyName: defaults.companyName,
      needs: plan && plan.id !== 'enterprise' ? `We would like the ${plan.name} plan.` : '',
    },
  });

  const send = useSendServiceRequest();
  const submit = handleSubmit((input) =>
    send.mutate(
      {
        kind: 'contact_sales',
        subject: plan ? plan.name : 'Enterprise',
        link: null,
        contactEmail: input.email,
        message: [input.companyName && `Company: ${input.companyName}`, input.needs].filter(Boolean).join('\n\n') || null,
      },
      { onSuccess: () => onSent() },
    ),
  );

  return (
    <form noValidate onSubmit={submit} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Contact Sales</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{introFor(plan)}</DialogContentText>
          {send.isError && <FailureAlert title="The request could not be sent. Please try again." error={send.error} />}
          <FormTextField control={control} name="email" label="Email Address" type="email" autoComplete="email" required fullWidth />
          <FormTextField control={control} name="companyName" label="Company Name" autoComplete="organization" fullWidth />
          <FormTextField control={control} name="needs" label="Tell us about your needs" multiline minRows={4} fullWidth />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Request'}
        </Button>
      </DialogActions>
    </form>
  );
}
