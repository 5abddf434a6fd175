from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0009_table_group_key"),
    ]

    operations = [
        migrations.CreateModel(
            name="GroupCatalog",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("group_key", models.CharField(max_length=32, verbose_name="group results key")),
                ("game", models.SlugField(max_length=40, verbose_name="game")),
                ("data", models.JSONField(default=dict, verbose_name="data")),
                ("updated", models.DateTimeField(auto_now=True, verbose_name="updated")),
            ],
            options={
                "verbose_name": "group card data",
                "verbose_name_plural": "group card data",
                "constraints": [
                    models.UniqueConstraint(
                        fields=("group_key", "game"), name="one_catalog_per_group"
                    )
                ],
            },
        ),
    ]
