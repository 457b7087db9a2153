from pugdeck.cli import main

main()
