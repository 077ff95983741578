"""Background tasks (django.tasks; the django-tasks-db backend runs them in `manage.py db_worker`)."""

from django.tasks import task


@task
def run_generation_task(generation_id: int) -> None:
    # Positional, unlike the action it calls: the queue stores enqueue()'s arguments as given, and
    # the rows already queued carry this one that way.
    # Imported here: services.actions enqueues this task, so it imports this module.
    from services.actions import run_generation

    run_generation(generation_id=generation_id)
