/** Plans and pricing (specification, section 2), routed at /plans. */
import { lazy, Suspense, useState } from 'react';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PLANS, PLAN_BENEFITS, PRICING_NOTE, SALES_THANK_YOU, type Plan } from '@domain/plans/plans';
import { useNotify } from '@/lib/notifications';
import { useSession } from '@/lib/session';
import { PlanCard } from './PlanCard';
import { PlanUsageLine } from './PlanUsageLine';

const BENEFIT_ICONS = [WorkspacePremiumIcon, CardGiftcardIcon, SupportAgentIcon];

// The form and its dialog are downloaded when a plan is first chosen, not with the page.
const ContactSalesDialog = lazy(async () => ({ default: (await import('./ContactSalesDialog')).ContactSalesDialog }));

export default function PlansPage() {
  const { session } = useSession();
  const notify = useNotify();
  const [contact, setContact] = useState<{ open: boolean; plan: Plan | null }>({ open: false, plan: null });

  const closeContact = () => setContact((current) => ({ ...current, open: false }));

  return (
    <Stack spacing={4} sx={{ py: 2 }}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          Plans and Pricing
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          Start free, then grow into the plan that fits your data and your volume of calls.
        </Typography>
      </Box>

      <PlanUsageLine />

      <Grid container spacing={3} component="section" aria-label="Plans">
        {PLANS.map((plan) => (
          <Grid key={plan.id} size={{ xs: 12, sm: 6, lg: 3 }}>
            <PlanCard plan={plan} onChoose={(chosen) => setContact({ open: true, plan: chosen })} />
          </Grid>
        ))}
      </Grid>

      <Grid container spacing={3} component="section" aria-label="Why Navout">
        {PLAN_BENEFITS.map((benefit, index) => {
          const Icon = BENEFIT_ICONS[index % BENEFIT_ICONS.length];
          return (
            <Grid key={benefit.title} size={{ xs: 12, md: 4 }}>
              <Paper variant="outlined" sx={{ p: 3, height: '100%' }}>
                <Stack direction="row" spacing={2}>
                  <Icon color="primary" aria-hidden />
                  <div>
                    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                      {benefit.title}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {benefit.text}
                    </Typography>
                  </div>
                </Stack>
              </Paper>
            </Grid>
          );
        })}
      </Grid>

      <Alert severity="info">{PRICING_NOTE}</Alert>

      {contact.plan && (
        // Kept mounted once opened, so closing plays its exit transition.
        <Suspense fallback={null}>
          <ContactSalesDialog
            open={contact.open}
            plan={contact.plan}
            defaults={{ email: session?.user.email ?? '', companyName: session?.company.name ?? '' }}
            onClose={closeContact}
            onSent={() => {
              closeContact();
              notify.success(SALES_THANK_YOU);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
