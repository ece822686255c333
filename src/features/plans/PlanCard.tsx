import { useId } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { planButtonLabel, type Plan } from '@domain/plans/plans';

export interface PlanCardProps {
  plan: Plan;
  onChoose: (plan: Plan) => void;
}

export function PlanCard({ plan, onChoose }: PlanCardProps) {
  const headingId = useId();
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        borderColor: plan.popular ? `${plan.color}.main` : undefined,
        borderWidth: plan.popular ? 2 : 1,
      }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography id={headingId} variant="h6" component="h2">
              {plan.name}
            </Typography>
            {plan.popular && <Chip label="Most Popular" color={plan.color} size="small" />}
          </Stack>
          <div>
            <Typography variant="h4" component="p" sx={{ fontWeight: 700, color: `${plan.color}.main` }}>
              {plan.price}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {plan.period}
            </Typography>
          </div>
          <div>
            <Typography sx={{ fontWeight: 600 }}>{plan.calls}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {plan.overageRate}
            </Typography>
          </div>
          <List dense disablePadding aria-label={`${plan.name} features`}>
            {plan.features.map((feature) => (
              <ListItem key={feature} disableGutters>
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <CheckIcon fontSize="small" color={plan.color} />
                </ListItemIcon>
                <ListItemText primary={feature} />
              </ListItem>
            ))}
          </List>
        </Stack>
      </CardContent>
      <CardActions sx={{ p: 2, pt: 0 }}>
        <Button
          fullWidth
          variant={plan.popular ? 'contained' : 'outlined'}
          color={plan.color}
          onClick={() => onChoose(plan)}
          aria-describedby={headingId}
        >
          {planButtonLabel(plan)}
        </Button>
      </CardActions>
    </Card>
  );
}
