import NatterApp

NatterCommand.main()
