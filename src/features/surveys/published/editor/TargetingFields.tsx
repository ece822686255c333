import { useId, useState, type ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { parseUrlPatterns, STYLING_RANGES } from '@domain/survey/targeting';
import {
  DEVICE_TARGETS,
  PAGE_MATCH_TYPES,
  PERCENTAGE_METHODS,
  VISITOR_TYPES,
  type DeviceTarget,
  type PageMatchType,
  type PercentageMethod,
  type VisitorType,
} from '@domain/survey/types';
import { optionsOf, SelectField } from '@/ui/SelectField';
import { NumberField } from './NumberField';
import { useEditorField } from './useEditorField';

export const DEVICE_TARGET_LABELS: Record<DeviceTarget, string> = {
  all: 'All devices',
  'mobile-only': 'Mobile only',
  'desktop-only': 'Desktop only',
};

export const PERCENTAGE_METHOD_LABELS: Record<PercentageMethod, string> = {
  random: 'Random: each page view is decided afresh',
  'session-based': 'Session-based: decided once per browsing session',
  sticky: 'Sticky: a visitor keeps their bucket across visits',
};

export const VISITOR_TYPE_LABELS: Record<VisitorType, string> = {
  all: 'All visitors',
  new: 'New visitors',
  returning: 'Returning visitors',
};

export const MATCH_TYPE_LABELS: Record<PageMatchType, string> = {
  contains: 'Contains',
  exact: 'Exact',
  'starts-with': 'Starts with',
  regex: 'Regex',
};

/** Sunday is 0, as the widget's clock counts them. */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const URL_PATTERNS_LABEL = 'URL patterns';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={2} component="section">
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

export const SHOW_AFTER_COMPLETION = {
  label: 'Show again after completion',
  help: 'Off: a visitor who completed the survey is not offered it again in that browser. On: offered again, as the cooldown allows (a recurring check-in).',
} as const;

function EnabledSwitch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return <FormControlLabel control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} />} label={label} />;
}

/** Who sees the survey: devices, a share of visitors, how the share is drawn, a holdout group and a cooldown. */
function AudienceFields() {
  const methodLabel = useId();
  const device = useEditorField('displayTriggers.deviceTarget');
  const share = useEditorField('displayTriggers.showPercentage');
  const method = useEditorField('displayTriggers.percentageMethod');
  const holdout = useEditorField('displayTriggers.holdoutPercentage');
  const cooldown = useEditorField('displayTriggers.cooldownDays');
  const again = useEditorField('displayTriggers.showAfterCompletion');
  const againHelp = useId();
  const ranges = STYLING_RANGES;
  return (
    <Section title="Audience">
      <SelectField label="Device target" value={device.value} options={optionsOf(DEVICE_TARGETS, DEVICE_TARGET_LABELS)} onChange={device.onChange} fullWidth />
      <NumberField
        label="Show to this share of visitors"
        unit="%"
        value={share.value}
        onChange={share.onChange}
        min={ranges.showPercentage.min}
        max={ranges.showPercentage.max}
        error={share.error}
        helperText={`${ranges.showPercentage.min}-${ranges.showPercentage.max}%`}
      />
      <FormControl>
        <FormLabel id={methodLabel}>Percentage method</FormLabel>
        <RadioGroup aria-labelledby={methodLabel} value={method.value} onChange={(_event, value) => method.onChange(value as PercentageMethod)}>
          {PERCENTAGE_METHODS.map((value) => (
            <FormControlLabel key={value} value={value} control={<Radio />} label={PERCENTAGE_METHOD_LABELS[value]} />
          ))}
        </RadioGroup>
      </FormControl>
      <NumberField
        label="Holdout group"
        unit="%"
        value={holdout.value}
        onChange={holdout.onChange}
        min={ranges.holdoutPercentage.min}
        max={ranges.holdoutPercentage.max}
        error={holdout.error}
        helperText={`${ranges.holdoutPercentage.min}-${ranges.holdoutPercentage.max}% of the chosen visitors are recorded but never shown the survey, to compare against.`}
      />
      <NumberField
        label="Cooldown"
        unit="days"
        value={cooldown.value}
        onChange={cooldown.onChange}
        min={ranges.cooldownDays.min}
        max={ranges.cooldownDays.max}
        error={cooldown.error}
        helperText="Days a visitor is not shown this survey again after seeing or completing it; 0 for none."
      />
      <FormControl>
        <FormControlLabel
          control={<Switch checked={again.value} onChange={(event) => again.onChange(event.target.checked)} slotProps={{ input: { 'aria-describedby': againHelp } }} />}
          label={SHOW_AFTER_COMPLETION.label}
        />
        <FormHelperText id={againHelp}>{SHOW_AFTER_COMPLETION.help}</FormHelperText>
      </FormControl>
    </Section>
  );
}

function TimeRuleFields() {
  const daysLabel = useId();
  const enabled = useEditorField('displayTriggers.timeRules.enabled');
  const startDate = useEditorField('displayTriggers.timeRules.startDate');
  const endDate = useEditorField('displayTriggers.timeRules.endDate');
  const days = useEditorField('displayTriggers.timeRules.daysOfWeek');
  const startTime = useEditorField('displayTriggers.timeRules.timeOfDay.start');
  const endTime = useEditorField('displayTriggers.timeRules.timeOfDay.end');
  const toggleDay = (day: number, checked: boolean) =>
    days.onChange(checked ? [...days.value, day].sort((a, b) => a - b) : days.value.filter((d) => d !== day));
  const dateProps = { type: 'date', fullWidth: true, slotProps: { inputLabel: { shrink: true } } } as const;
  return (
    <Section title="Time rules">
      <EnabledSwitch label="Show only at chosen times" checked={enabled.value} onChange={enabled.onChange} />
      {enabled.value && (
        <>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...dateProps}
                label="Start date"
                value={startDate.value}
                onChange={(event) => startDate.onChange(event.target.value)}
                error={Boolean(startDate.error)}
                helperText={startDate.error}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...dateProps}
                label="End date"
                value={endDate.value}
                onChange={(event) => endDate.onChange(event.target.value)}
                error={Boolean(endDate.error)}
                helperText={endDate.error}
              />
            </Grid>
          </Grid>
          <FormControl component="fieldset" error={Boolean(days.error)}>
            <FormLabel component="legend" id={daysLabel}>
              Days of the week (none chosen: every day)
            </FormLabel>
            <FormGroup row>
              {WEEKDAYS.map((name, day) => (
                <FormControlLabel
                  key={name}
                  control={<Checkbox checked={days.value.includes(day)} onChange={(event) => toggleDay(day, event.target.checked)} />}
                  label={name}
                />
              ))}
            </FormGroup>
            {days.error && <FormHelperText>{days.error}</FormHelperText>}
          </FormControl>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                type="time"
                label="From"
                value={startTime.value}
                onChange={(event) => startTime.onChange(event.target.value)}
                error={Boolean(startTime.error)}
                helperText={startTime.error}
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                type="time"
                label="Until"
                value={endTime.value}
                onChange={(event) => endTime.onChange(event.target.value)}
                error={Boolean(endTime.error)}
                helperText={endTime.error}
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Grid>
          </Grid>
        </>
      )}
    </Section>
  );
}

function BehaviourFields() {
  const enabled = useEditorField('displayTriggers.behaviorTriggers.enabled');
  const scroll = useEditorField('displayTriggers.behaviorTriggers.scrollDepth');
  const time = useEditorField('displayTriggers.behaviorTriggers.timeOnPage');
  const exit = useEditorField('displayTriggers.behaviorTriggers.exitIntent');
  const click = useEditorField('displayTriggers.behaviorTriggers.elementClick');
  const ranges = STYLING_RANGES;
  return (
    <Section title="Behaviour triggers">
      <EnabledSwitch label="Show after a visitor's action" checked={enabled.value} onChange={enabled.onChange} />
      {enabled.value && (
        <>
          <NumberField
            label="Scroll depth"
            unit="%"
            value={scroll.value}
            onChange={scroll.onChange}
            min={ranges.scrollDepth.min}
            max={ranges.scrollDepth.max}
            error={scroll.error}
            helperText="How far down the page, 0-100%; 0 for any."
          />
          <NumberField
            label="Time on page"
            unit="seconds"
            value={time.value}
            onChange={time.onChange}
            min={ranges.timeOnPage.min}
            max={ranges.timeOnPage.max}
            error={time.error}
            helperText="0 for no wait."
          />
          <EnabledSwitch label="When the visitor is about to leave (exit intent)" checked={exit.value} onChange={exit.onChange} />
          <TextField
            label="On click of element"
            value={click.value}
            onChange={(event) => click.onChange(event.target.value)}
            placeholder="#feedback-link"
            error={Boolean(click.error)}
            helperText={click.error ?? 'A CSS selector; empty for none.'}
            fullWidth
          />
        </>
      )}
    </Section>
  );
}

function SegmentationFields() {
  const enabled = useEditorField('displayTriggers.userSegmentation.enabled');
  const visitorType = useEditorField('displayTriggers.userSegmentation.visitorType');
  const referrer = useEditorField('displayTriggers.userSegmentation.referrer');
  return (
    <Section title="User segmentation">
      <EnabledSwitch label="Show to some visitors only" checked={enabled.value} onChange={enabled.onChange} />
      {enabled.value && (
        <>
          <SelectField
            label="Visitor type"
            value={visitorType.value}
            options={optionsOf(VISITOR_TYPES, VISITOR_TYPE_LABELS)}
            onChange={visitorType.onChange}
            fullWidth
          />
          <TextField
            label="Referrer contains"
            value={referrer.value}
            onChange={(event) => referrer.onChange(event.target.value)}
            placeholder="newsletter"
            error={Boolean(referrer.error)}
            helperText={referrer.error ?? 'Part of the address the visitor came from; empty for any.'}
            fullWidth
          />
        </>
      )}
    </Section>
  );
}

/** The patterns are typed one per line; the form keeps them without blank lines. */
function UrlPatternsField() {
  const patterns = useEditorField('displayTriggers.pageTargeting.urlPatterns');
  const [text, setText] = useState(() => patterns.value.join('\n'));
  // The typed text stays (blank lines and all) while it says what the form holds; patterns set
  // from elsewhere replace it.
  const shown = parseUrlPatterns(text).join('\n') === patterns.value.join('\n') ? text : patterns.value.join('\n');
  return (
    <TextField
      label={URL_PATTERNS_LABEL}
      value={shown}
      onChange={(event) => {
        setText(event.target.value);
        patterns.onChange(parseUrlPatterns(event.target.value));
      }}
      placeholder={'/checkout\n/account/orders'}
      multiline
      minRows={3}
      error={Boolean(patterns.error)}
      helperText={patterns.error ?? 'One pattern per line; blank lines are dropped.'}
      fullWidth
    />
  );
}

function PageTargetingFields() {
  const enabled = useEditorField('displayTriggers.pageTargeting.enabled');
  const matchType = useEditorField('displayTriggers.pageTargeting.matchType');
  return (
    <Section title="Page targeting">
      <EnabledSwitch label="Show on some pages only" checked={enabled.value} onChange={enabled.onChange} />
      {enabled.value && (
        <>
          <UrlPatternsField />
          <SelectField
            label="Match type"
            value={matchType.value}
            options={optionsOf(PAGE_MATCH_TYPES, MATCH_TYPE_LABELS)}
            onChange={matchType.onChange}
            fullWidth
          />
        </>
      )}
    </Section>
  );
}

/** Step 7's targeting: audience, time rules, behaviour, segmentation and pages. */
export function TargetingFields() {
  return (
    <Stack spacing={4}>
      <AudienceFields />
      <TimeRuleFields />
      <BehaviourFields />
      <SegmentationFields />
      <PageTargetingFields />
    </Stack>
  );
}
