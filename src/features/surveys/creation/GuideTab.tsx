import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';

export interface GuideCard {
  title: string;
  points: string[];
}

/** The Guide tab's help (data document, section 2): how to build, style, save and publish a survey. */
export const GUIDE_CARDS: readonly GuideCard[] = [
  {
    title: 'Getting started',
    points: [
      'Open Survey Builder and give the survey a title and a short description: respondents see both above the first question.',
      'Press "Add New Field", choose a question type, write the question and press "Save Question". Add as many as you need, then press "Review Survey".',
      'Press "Save as Draft" early: from then on every change is saved to the draft automatically.',
    ],
  },
  {
    title: 'Question types',
    points: [
      'Short Text, Long Text and Email take typed answers; set a placeholder and a minimum and maximum length.',
      'Multiple Choice, Single Choice and Dropdown take one of your options; Checkboxes take several.',
      'Rating asks for 1 to a maximum you choose (5 by default); Number takes a value within a range and step; Date asks for a date, a date and time, or a time; Yes / No answers "yes" or "no".',
      'Bind a question to a data type to store its answers in that field of your data. Each data type can be filled by one question only.',
    ],
  },
  {
    title: 'Conditional logic',
    points: [
      'A condition looks at the answer to an earlier question and shows, hides or skips the question it belongs to.',
      'Conditions can only use earlier questions. The first condition that matches decides; when none matches, the question is shown.',
      'A condition on a question that was not answered is ignored. Choice answers are compared with your options; "contains" ignores upper and lower case.',
      'To keep a question hidden until its rule matches (a follow-up shown only after "Yes"), choose "Show only when a rule matches" in its Conditional Logic: it then stays hidden while the earlier question is unanswered or no rule matches.',
      'If you delete or move a question that a condition uses, the builder flags the condition so you can fix it: nothing is removed behind your back.',
    ],
  },
  {
    title: 'Customization',
    points: [
      'In Styling, set the colours, font, corner radius and the alignment of titles and questions.',
      'Add your logo: choose an image (less than 5MB), crop it to a square, and it is stored with the survey. You can also type the https address of an image.',
      'Choose Scroll to show every question at once, or Carousel to show one question at a time with Previous and Next.',
      'The preview beside the styling fields and the Preview tab show exactly what respondents will see.',
    ],
  },
  {
    title: 'Save and deploy',
    points: [
      'Drafts keep unfinished surveys. Load one from the Drafts tab, double-click its name to rename it, or delete it.',
      'Publish moves the survey to LiveIQ and removes its draft. The builder lists anything that must be fixed first: a title, at least one question, options for choice questions, and conditions on earlier questions.',
      'In LiveIQ, start the survey with an end condition (a date, a number of days or a number of responses), fine-tune its display and embed it on your site.',
    ],
  },
  {
    title: 'Best practices',
    points: [
      'Keep surveys short: five to seven questions get far more complete answers than twenty.',
      'Ask one thing per question, in plain words, and make only the essential questions required.',
      'Put easy questions first and sensitive ones last; use conditions so people only see questions that apply to them.',
      'Try the survey yourself in Preview, in both display modes, before you publish.',
    ],
  },
  {
    title: 'Pro tips',
    points: [
      'Duplicate a question to reuse its options and settings; drag the handle (or use Space and the arrow keys) to reorder.',
      'Use a Yes / No question followed by conditional follow-ups to branch the survey without making it longer.',
      'Give drafts descriptive names ("Checkout feedback – June"): the name is also how the published survey is listed.',
      'To change a published survey, use Edit in LiveIQ: it makes a draft copy, and the live survey stays as it is until you publish the copy.',
    ],
  },
];

export function GuideTab() {
  return (
    <Grid container spacing={2.5}>
      {GUIDE_CARDS.map((card) => (
        <Grid key={card.title} size={{ xs: 12, md: 6, xl: 4 }}>
          <Card component="section" variant="outlined" aria-label={card.title} sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                {card.title}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5, '& li + li': { mt: 1 } }}>
                {card.points.map((point) => (
                  <Typography key={point} component="li" variant="body2">
                    {point}
                  </Typography>
                ))}
              </Box>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
