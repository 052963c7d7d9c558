import { usePage } from '../page-context.ts';
import Artefact from './Artefact.tsx';

/**
 * A quarter of releases before and after, a cell a week: releases, code freezes and weeks with
 * neither. The cells draw what each row's summary says, so assistive technology reads the summary.
 */
export default function ReleaseCalendar() {
  const calendar = usePage().model.data.artefacts.releaseCalendar;
  const kinds = ['release', 'freeze', 'work'] as const;
  return (
    <Artefact kind="release-calendar" caption={calendar.caption}>
      <div className="artefact-body">
        {[calendar.before, calendar.after].map((quarter) => (
          <div className="calendar-row" key={quarter.label}>
            <p className="calendar-label">
              <strong>{quarter.label}</strong>
              <span>{quarter.summary}</span>
            </p>
            <ol className="calendar-weeks" aria-hidden="true">
              {quarter.weeks.map((week, index) => (
                <li key={index} data-week={week} />
              ))}
            </ol>
          </div>
        ))}
        <p className="calendar-axis" aria-hidden="true">
          <span>{calendar.weeksLabel} 1</span>
          <span>
            {calendar.weeksLabel} {calendar.before.weeks.length}
          </span>
        </p>
        <ul className="calendar-legend" aria-hidden="true">
          {kinds.map((kind) => (
            <li key={kind} data-week={kind}>
              {calendar.legend[kind]}
            </li>
          ))}
        </ul>
      </div>
    </Artefact>
  );
}
